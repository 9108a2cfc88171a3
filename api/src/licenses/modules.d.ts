// Type declarations for the license lists and the corrector, which ship none.
declare module '@blueoak/list' {
  const ratings: ReadonlyArray<{ name: string; licenses: ReadonlyArray<{ name: string; id: string; url: string }> }>;
  export default ratings;
}

declare module 'spdx-copyleft' {
  const ids: readonly string[];
  export default ids;
}

declare module 'spdx-correct' {
  function correct(identifier: string, options?: { upgrade?: boolean }): string | null;
  export default correct;
}
