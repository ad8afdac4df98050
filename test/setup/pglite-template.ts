// Replaced by the foundation harness: builds the migrated PGlite template once per run.
export default function setup(): void {}
