import type { Migration } from '../migrate.ts';
import { migration as core } from './20261122_0001_core.ts';
import { migration as reader } from './20261122_0300_reader.ts';
import { migration as catalogue } from './20261122_0100_catalogue.ts';
import { migration as accounts } from './20261122_0200_accounts.ts';
import { migration as abuse } from './20261125_0100_abuse.ts';
import { migration as queueOfferMail } from './20261125_0301_queue_offer_mail.ts';
import { migration as shelf } from './20261125_0500_shelf.ts';
import { migration as readingPreferences } from './20261125_0600_reading_preferences.ts';
import { migration as notifications } from './20261126_0201_notifications.ts';
import { migration as activity } from './20261126_0202_activity.ts';
import { migration as people } from './20261126_01_people.ts';
import { migration as epustakaMembership } from './20261126_03_epustaka_membership.ts';
import { migration as media } from './20261126_04_media.ts';
import { migration as qrCodes } from './20261126_05_qr_codes.ts';
import { migration as push } from './20261127_03_push.ts';
import { migration as storagePending } from './20261127_04_storage_pending.ts';
import { migration as bookRatingSummary } from './20261128_01_book_rating_summary.ts';
import { migration as rateCounters } from './20261128_02_rate_counters.ts';
import { migration as qrScanVisitors } from './20261128_03_qr_scan_visitors.ts';
import { migration as firstAdmin } from './20261128_04_first_admin.ts';
import { migration as greetingEnglish } from './20261128_11_greeting_english.ts';
import { migration as storageUploads } from './20261128_10_storage_uploads.ts';
import { migration as epustakaLoanLimit } from './20261128_20_epustaka_loan_limit.ts';
import { migration as notificationObjects } from './20261128_21_notification_objects.ts';
import { migration as commerce } from './20261128_30_commerce.ts';

/** Every migration, oldest first. */
export const migrations: Migration[] = [core, catalogue, accounts, reader, abuse, queueOfferMail, shelf, readingPreferences, notifications, activity, people, epustakaMembership, media, qrCodes, push, storagePending, bookRatingSummary, rateCounters, qrScanVisitors, firstAdmin, storageUploads, greetingEnglish, epustakaLoanLimit, notificationObjects, commerce];
