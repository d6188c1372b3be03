import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/platform/db/schema.ts',
    './src/platform/db/maintenanceSchema.ts',
    './src/platform/db/problemsSchema.ts',
    './src/platform/db/ticketsSchema.ts',
    './src/platform/db/formsSchema.ts',
    './src/platform/db/coverageSchema.ts',
    './src/platform/db/accountingSchema.ts',
    './src/platform/db/netsuiteSandboxSchema.ts',
    './src/platform/db/schedulingSchema.ts',
    './src/modules/users/userPreferencesTable.ts',
  ],
  out: './drizzle',
});
