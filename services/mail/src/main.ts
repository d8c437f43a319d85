import 'reflect-metadata';
import { startService } from '@upright/platform';
import { mailService } from './service';

void startService(mailService);
