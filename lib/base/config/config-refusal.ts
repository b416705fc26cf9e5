/** One setting's problem; the message begins with the variable's name. */
export type ConfigProblem = { variable: string; message: string };

/**
 * A configuration the service refuses to run with: every problem found in one pass (a start that named one
 * at a time cost the operator a start per mistake). `variable` is the first problem's; the message lists
 * them all, one per line, and no stack trace is ever printed for it.
 */
export class ConfigRefusal extends Error {
  override name = "ConfigRefusal";
  readonly variable: string;
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(describeProblems(problems));
    this.problems = problems;
    this.variable = problems[0]?.variable ?? "environment";
  }
}

/** "The configuration has 2 problems:" and a line per problem; one problem is its own line. */
export function describeProblems(problems: readonly ConfigProblem[]): string {
  if (problems.length === 1) return problems[0]!.message;
  return [`The configuration has ${problems.length} problems:`, ...problems.map((p) => `- ${p.message}`)].join("\n");
}
