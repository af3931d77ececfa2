/** One published speed goal held against a measured figure. A miss is reported, never fatal: the machine is noisy. */
export interface GoalCheck {
  /** What is measured, for example `A median / floor median`. */
  metric: string;
  /** The goal in words, for example `within 1.5x floor`. */
  goal: string;
  actual: number;
  target: number;
  unit: string;
  pass: boolean;
}

/** A goal that `actual` must not exceed. */
export function atMost(metric: string, goal: string, actual: number, target: number, unit: string): GoalCheck {
  return { metric, goal, actual, target, unit, pass: actual <= target };
}

/** A goal that `actual` must reach. */
export function atLeast(metric: string, goal: string, actual: number, target: number, unit: string): GoalCheck {
  return { metric, goal, actual, target, unit, pass: actual >= target };
}

/** `pass` or `MISS by 23%`, so a reader sees how far off a missed goal is. */
export function formatVerdict(check: GoalCheck): string {
  if (check.pass) return "pass";
  const off = Math.abs(check.actual - check.target) / check.target;
  return `MISS by ${Math.round(off * 100)}%`;
}
