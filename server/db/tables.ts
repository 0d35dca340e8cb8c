// Every table of the database: the hand-written and hand-derived ones (./schema.ts) and those derived
// from declarations alone (./declaredTables.ts, generated). drizzle-kit, the start-up check and the
// query builder read them from here.
export * from './schema';
export * from './declaredTables';
export * from './uploadTables';
export * from './reminderTables';
