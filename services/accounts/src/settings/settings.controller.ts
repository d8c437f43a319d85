import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, settingsBodySchema, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { z } from 'zod';
import { forMember, memberMessage } from '../members/member-message.schemas';
import { SettingsService } from './settings.service';

const saveMessage = forMember({
  token: z.string().min(1).max(200),
  changes: settingsBodySchema,
});

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @MessagePattern(Patterns.accounts.settings)
  get(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.settings>> {
    return this.settings.get(parseMessage(memberMessage, data).uid);
  }

  @MessagePattern(Patterns.accounts.saveSettings)
  save(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.saveSettings>> {
    const { uid, token, changes } = parseMessage(saveMessage, data);
    return this.settings.save(uid, token, changes);
  }
}
