import 'reflect-metadata';
import { schemaOwningService, startService } from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `search` schema; its features arrive with their issues (see docs/services/search.md).
void startService(schemaOwningService('search', PrismaClient, () => []));
