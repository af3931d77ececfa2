// The sandboxes the frameworks run their own code modes in, and this engine behind each framework's extension point:
// TanStack AI's isolate drivers (run as its code mode runs them: a fresh context per program) and Mastra's code-mode
// transports. Each runs the same program, with one host tool, `external_echo`.
import { createCodeModeIsolateDriver } from "@codemode/tanstack-ai";
import { createCodeModeTransport } from "@codemode/mastra";
import type { IsolateDriver } from "@tanstack/ai-code-mode";

/** One sandbox under test: runs a program body and returns its value, or throws why it failed. */
export interface FrameworkSandbox {
  run(program: string): Promise<unknown>;
  close(): Promise<void>;
}

/** A contender of the frameworks benchmark. */
export interface SandboxEntry {
  id: string;
  framework: "TanStack AI" | "Mastra";
  label: string;
  /** This engine behind the framework's extension point: the figure the others are compared with. */
  ours: boolean;
  create(): Promise<FrameworkSandbox>;
}

const echo = async (args: unknown) => ({ i: (args as { i: number }).i });
const TIMEOUT_MS = 30_000;

function tanStackSandbox(driver: IsolateDriver, close: () => Promise<void> = async () => {}): FrameworkSandbox {
  const bindings = { external_echo: { name: "external_echo", description: "Echo.", inputSchema: { type: "object" }, execute: echo } };
  return {
    async run(program) {
      // TanStack's code mode makes a context for every execute_typescript call and disposes of it after.
      const context = await driver.createContext({ bindings, timeout: TIMEOUT_MS, memoryLimit: 128 });
      try {
        const result = await context.execute(program);
        if (!result.success) throw new Error(`${result.error?.name}: ${result.error?.message}`);
        return result.value;
      } finally {
        await context.dispose();
      }
    },
    close,
  };
}

interface MastraTransport {
  run(options: { sandbox?: unknown; program: string; toolIds: string[]; dispatch: (tool: string, args: unknown) => Promise<unknown>; timeout: number }): Promise<{ success: boolean; result?: unknown; error?: { name?: string; message: string } }>;
}

function mastraSandbox(transport: MastraTransport, sandbox?: unknown, close: () => Promise<void> = async () => {}): FrameworkSandbox {
  return {
    async run(program) {
      const result = await transport.run({ sandbox, program, toolIds: ["echo"], dispatch: (_tool, args) => echo(args), timeout: TIMEOUT_MS });
      if (!result.success) throw new Error(`${result.error?.name}: ${result.error?.message}`);
      return result.result;
    },
    close,
  };
}

export const SANDBOXES: readonly SandboxEntry[] = [
  {
    id: "tanstack-codemode",
    framework: "TanStack AI",
    label: "@codemode/tanstack-ai createCodeModeIsolateDriver",
    ours: true,
    create: async () => {
      const driver = createCodeModeIsolateDriver({ limits: { maxConcurrentCalls: 100 } });
      return tanStackSandbox(driver, () => driver.close());
    },
  },
  {
    id: "tanstack-isolate-node",
    framework: "TanStack AI",
    label: "@tanstack/ai-isolate-node (isolated-vm)",
    ours: false,
    create: async () => {
      const { createNodeIsolateDriver } = await import("@tanstack/ai-isolate-node");
      return tanStackSandbox(createNodeIsolateDriver());
    },
  },
  {
    id: "tanstack-isolate-quickjs",
    framework: "TanStack AI",
    label: "@tanstack/ai-isolate-quickjs",
    ours: false,
    create: async () => {
      const { createQuickJSIsolateDriver } = await import("@tanstack/ai-isolate-quickjs");
      return tanStackSandbox(createQuickJSIsolateDriver());
    },
  },
  {
    id: "mastra-codemode",
    framework: "Mastra",
    label: "@codemode/mastra createCodeModeTransport",
    ours: true,
    create: async () => {
      const transport = createCodeModeTransport({ limits: { maxConcurrentCalls: 100 } });
      return mastraSandbox(transport, undefined, () => transport.close());
    },
  },
  {
    id: "mastra-stdio-local",
    framework: "Mastra",
    label: "Mastra StdioCodeModeTransport + LocalSandbox (default)",
    ours: false,
    create: async () => {
      const { StdioCodeModeTransport } = await import("@mastra/core/tools");
      const { LocalSandbox } = await import("@mastra/core/workspace");
      return mastraSandbox(new StdioCodeModeTransport() as MastraTransport, new LocalSandbox());
    },
  },
];

/** Workloads A and B of the engine benchmark, written against `external_echo` as both frameworks' programs call tools. */
export const FRAMEWORK_WORKLOADS = [
  { id: "A", title: "warm `return 1` run", code: "return 1;", expected: 1 },
  {
    id: "B",
    title: "100 sequential tool calls",
    code: "let sum = 0;\nfor (let i = 0; i < 100; i++) sum += (await external_echo({ i })).i;\nreturn sum;",
    expected: 4950,
  },
] as const;
