/** Marks the end of an exhaustive switch: the compiler proves it unreachable, and at run time it fails loudly. */
export function assertNever(value: never, message: string): never {
  throw new Error(`${message}: ${JSON.stringify(value)}`);
}
