/**
 * The assessment framework's version. Raise it whenever any framework data
 * (dimensions, rubric weights and curves, tiers, playbook, signal catalogue)
 * changes: the metadata endpoint's ETag and every stored result carry it.
 */
export const FRAMEWORK_VERSION = '1.0.0';
