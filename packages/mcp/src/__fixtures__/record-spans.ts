// A tracer provider that keeps every span it is given, registered through the OpenTelemetry API as an application
// would register its SDK's: the smallest real provider the API accepts.
import { trace, type Attributes, type Span, type SpanOptions, type Tracer } from "@opentelemetry/api";

/** One span as the provider saw it. */
export interface RecordedSpan {
  name: string;
  attributes: Attributes;
  ended: boolean;
}

/** Registers the recording provider globally; returns how to unregister it. */
export function recordSpans(into: RecordedSpan[]): () => void {
  const startSpan = (name: string, options: SpanOptions = {}): Span => {
    const entry: RecordedSpan = { name, attributes: { ...options.attributes }, ended: false };
    into.push(entry);
    const span: Span = {
      spanContext: () => ({ traceId: "1".repeat(32), spanId: String(into.length).padStart(16, "0"), traceFlags: 1 }),
      setAttribute: (key, value) => ((entry.attributes[key] = value), span),
      setAttributes: (attributes) => (Object.assign(entry.attributes, attributes), span),
      addEvent: () => span,
      addLink: () => span,
      addLinks: () => span,
      setStatus: () => span,
      updateName: () => span,
      end: () => void (entry.ended = true),
      isRecording: () => true,
      recordException: () => undefined,
    };
    return span;
  };
  const tracer: Tracer = {
    startSpan,
    startActiveSpan: ((name: string, fn: (span: Span) => unknown) => fn(startSpan(name))) as Tracer["startActiveSpan"],
  };
  trace.setGlobalTracerProvider({ getTracer: () => tracer });
  return () => trace.disable();
}
