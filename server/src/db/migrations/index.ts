import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000001_accounts } from './Migration20261121000001_accounts';
import { Migration20261121000002_marketplace } from './Migration20261121000002_marketplace';
import { Migration20261121000010_creator_discovery } from './Migration20261121000010_creator_discovery';
import { Migration20261121000020_recurring_slot_skips } from './Migration20261121000020_recurring_slot_skips';
import { Migration20261121000030_local_payments } from './Migration20261121000030_local_payments';
import { Migration20261121000040_booking_process } from './Migration20261121000040_booking_process';
import { Migration20261121000050_partner_api } from './Migration20261121000050_partner_api';
import { Migration20261121000060_listing_indexes } from './Migration20261121000060_listing_indexes';
import { Migration20261121000070_booking_money_step } from './Migration20261121000070_booking_money_step';
import { Migration20261124020000_outbox } from './Migration20261124020000_outbox';
import { Migration20261124020100_conversations } from './Migration20261124020100_conversations';
import { Migration20261124030000_mail_and_calendar } from './Migration20261124030000_mail_and_calendar';
import { Migration20261124030010_email_delivery } from './Migration20261124030010_email_delivery';
import { Migration20261124040000_webhooks } from './Migration20261124040000_webhooks';
import { Migration20261124050000_listing_one_statement } from './Migration20261124050000_listing_one_statement';
import { Migration20261124060000_rate_limits } from './Migration20261124060000_rate_limits';
import { Migration20261124120000_notification_actor_copy } from './Migration20261124120000_notification_actor_copy';
import { Migration20261125020000_account_search_trgm } from './Migration20261125020000_account_search_trgm';
import { Migration20261124010000_booking_history } from './Migration20261124010000_booking_history';
import { Migration20261126100000_email_verified } from './Migration20261126100000_email_verified';
import { Migration20261126110000_two_factor_and_sessions } from './Migration20261126110000_two_factor_and_sessions';

/** Every migration, in order. Listed explicitly so they run the same from src (tests) and dist. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000001_accounts', class: Migration20261121000001_accounts },
  { name: 'Migration20261121000002_marketplace', class: Migration20261121000002_marketplace },
  { name: 'Migration20261121000010_creator_discovery', class: Migration20261121000010_creator_discovery },
  { name: 'Migration20261121000020_recurring_slot_skips', class: Migration20261121000020_recurring_slot_skips },
  { name: 'Migration20261121000030_local_payments', class: Migration20261121000030_local_payments },
  { name: 'Migration20261121000040_booking_process', class: Migration20261121000040_booking_process },
  { name: 'Migration20261121000050_partner_api', class: Migration20261121000050_partner_api },
  { name: 'Migration20261121000060_listing_indexes', class: Migration20261121000060_listing_indexes },
  { name: 'Migration20261121000070_booking_money_step', class: Migration20261121000070_booking_money_step },
  { name: 'Migration20261124020000_outbox', class: Migration20261124020000_outbox },
  { name: 'Migration20261124020100_conversations', class: Migration20261124020100_conversations },
  { name: 'Migration20261124030000_mail_and_calendar', class: Migration20261124030000_mail_and_calendar },
  { name: 'Migration20261124030010_email_delivery', class: Migration20261124030010_email_delivery },
  { name: 'Migration20261124040000_webhooks', class: Migration20261124040000_webhooks },
  { name: 'Migration20261124050000_listing_one_statement', class: Migration20261124050000_listing_one_statement },
  { name: 'Migration20261124060000_rate_limits', class: Migration20261124060000_rate_limits },
  { name: 'Migration20261124120000_notification_actor_copy', class: Migration20261124120000_notification_actor_copy },
  { name: 'Migration20261124010000_booking_history', class: Migration20261124010000_booking_history },
  { name: 'Migration20261125020000_account_search_trgm', class: Migration20261125020000_account_search_trgm },
  { name: 'Migration20261126100000_email_verified', class: Migration20261126100000_email_verified },
  { name: 'Migration20261126110000_two_factor_and_sessions', class: Migration20261126110000_two_factor_and_sessions },
];
