import 'reflect-metadata';
import { schemaOwningService, startService } from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `accounts` schema; its features arrive with their issues (see docs/services/accounts.md).
void startService(schemaOwningService('accounts', PrismaClient, () => []));
