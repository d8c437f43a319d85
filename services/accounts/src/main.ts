import 'reflect-metadata';
import { startService } from '@upright/platform';
import { accountsService } from './service';

void startService(accountsService);
