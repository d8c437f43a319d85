import 'reflect-metadata';
import { schemaOwningService, startService } from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `reports` schema; its features arrive with their issues (see docs/services/reports.md).
void startService(schemaOwningService('reports', PrismaClient, () => []));
