/** The mouse grid's geometry moved to src/shared/mouse-grid.ts (screen pictures draw it too); this name stays until every importer points there. */
export * from '../shared/mouse-grid.js';
