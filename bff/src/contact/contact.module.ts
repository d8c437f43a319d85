import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller';

/** The contact form (docs/product/spec.md#s7). */
@Module({ controllers: [ContactController] })
export class ContactModule {}
