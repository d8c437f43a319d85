import 'reflect-metadata';
import { startService } from '@upright/platform';
import { bffService } from './service';

void startService(bffService);
