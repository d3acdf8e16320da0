import { Router, type Request } from 'express';
import { route } from '../../platform/rest/route';
import { presentGeneratedSlot, presentPattern, presentSlot } from './availability.presenter';
import type { SchedulingSettings, TimeOff } from './scheduling.service';
import { slotView } from './slot.view';

/** The first of the given body fields that is present (the spec mixes snake_case and camelCase). */
const field = (req: Request, ...names: string[]): any => names.map((n) => req.body?.[n]).find((v) => v !== undefined);
/** How the spec's availability calls name the creator: a path parameter and `streamerId` in bodies, `streamer_id` in POST /availability. */
const AS_STREAMER_ID = { creatorId: 'streamerId' } as const;
const AS_STREAMER_ID_SNAKE = { creatorId: 'streamer_id' } as const;

const param = (req: Request, name: string) => String(req.params[name]);
const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);

const slotRange = (req: Request) => ({
  date: field(req, 'date'),
  startTime: field(req, 'start_time', 'startTime'),
  endTime: field(req, 'end_time', 'endTime'),
});

const patternFields = (req: Request) => ({
  title: field(req, 'title'),
  daysOfWeek: field(req, 'dayOfWeek', 'daysOfWeek', 'day_of_week'),
  startTime: field(req, 'startTime', 'start_time'),
  endTime: field(req, 'endTime', 'end_time'),
});

const SETTINGS_NAMES = {
  minNoticeMinutes: 'min_notice_minutes',
  bufferBeforeMinutes: 'buffer_before_minutes',
  bufferAfterMinutes: 'buffer_after_minutes',
  maxDaysAhead: 'max_days_ahead',
} as const;
const TIME_OFF_NAMES = { startTime: 'start_time', endTime: 'end_time' } as const;

const presentSettings = (s: SchedulingSettings) => ({
  min_notice_minutes: s.minNoticeMinutes,
  buffer_before_minutes: s.bufferBeforeMinutes,
  buffer_after_minutes: s.bufferAfterMinutes,
  max_days_ahead: s.maxDaysAhead,
});
const presentTimeOff = (t: TimeOff) => ({ id: t.id, start_time: t.startTime.toISOString(), end_time: t.endTime.toISOString() });

/** spec §7 "Availability". Cache-busting query parameters (`_`, `t`) are ignored. */
export function availabilityRoutes(): Router {
  const router = Router();
  // Before `/availability/:id`, which would take "settings" for an id.
  router.get('/availability/settings', route(async (ctx, req) => presentSettings(
    query(req, 'streamer_id') ?? query(req, 'streamerId')
      ? await ctx.services.scheduling.settingsOf(ctx.em, String(query(req, 'streamer_id') ?? query(req, 'streamerId')))
      : await ctx.services.scheduling.mySettings(ctx),
  )));
  router.get('/availability/settings/:streamerId', route(async (ctx, req) => presentSettings(await ctx.services.scheduling.settingsOf(ctx.em, param(req, 'streamerId')))));
  router.put('/availability/settings', route(async (ctx, req) => presentSettings(await ctx.services.scheduling.updateSettings(ctx, {
    minNoticeMinutes: field(req, 'min_notice_minutes', 'minNoticeMinutes'),
    bufferBeforeMinutes: field(req, 'buffer_before_minutes', 'bufferBeforeMinutes'),
    bufferAfterMinutes: field(req, 'buffer_after_minutes', 'bufferAfterMinutes'),
    maxDaysAhead: field(req, 'max_days_ahead', 'maxDaysAhead'),
  })), 200, SETTINGS_NAMES));
  router.get('/availability/time-off', route(async (ctx) => (await ctx.services.scheduling.listTimeOff(ctx)).map(presentTimeOff)));
  router.post('/availability/time-off', route(async (ctx, req) => presentTimeOff(await ctx.services.scheduling.addTimeOff(ctx, {
    startTime: field(req, 'start_time', 'startTime'),
    endTime: field(req, 'end_time', 'endTime'),
  })), 201, TIME_OFF_NAMES));
  router.delete('/availability/time-off/:id', route(async (ctx, req) => ({ deleted: await ctx.services.scheduling.deleteTimeOff(ctx, param(req, 'id')) })));

  router.get('/availability/slots/:streamerId', route(async (ctx, req) => ({
    slots: (await ctx.services.availability.listSlots(ctx, param(req, 'streamerId'), { from: query(req, 'from'), to: query(req, 'to') })).map(presentSlot),
  }), 200, AS_STREAMER_ID));
  router.post('/availability', route(async (ctx, req) => ({
    slots: (await ctx.services.availability.addSlots(ctx, { creatorId: field(req, 'streamer_id', 'streamerId'), ...slotRange(req) })).map((s) => presentSlot(slotView(s))),
  }), 201, AS_STREAMER_ID_SNAKE));
  router.put('/availability/:id', route(async (ctx, req) => ({ slot: presentSlot(slotView(await ctx.services.availability.updateSlot(ctx, param(req, 'id'), slotRange(req)))) })));
  router.delete('/availability/:id', route(async (ctx, req) => ({ deleted: await ctx.services.availability.deleteSlot(ctx, param(req, 'id')) })));

  router.get('/availability/recurring/:streamerId', route(async (ctx, req) => ({
    recurringAvailability: (await ctx.services.availability.listRecurringPatterns(ctx, param(req, 'streamerId'))).map(presentPattern),
  }), 200, AS_STREAMER_ID));
  router.post('/availability/recurring', route(async (ctx, req) => ({
    pattern: presentPattern(await ctx.services.availability.createRecurringPattern(ctx, { creatorId: field(req, 'streamerId', 'streamer_id'), ...patternFields(req) })),
  }), 201, AS_STREAMER_ID));
  router.put('/availability/recurring/:id', route(async (ctx, req) => ({
    pattern: presentPattern(await ctx.services.availability.updateRecurringPattern(ctx, param(req, 'id'), patternFields(req))),
  })));
  router.delete('/availability/recurring/:id', route(async (ctx, req) => ({ deleted: await ctx.services.availability.deleteRecurringPattern(ctx, param(req, 'id')) })));

  router.post('/availability/generate-slots', route(async (ctx, req) => (await ctx.services.availability.generateSlots(ctx, {
    creatorId: field(req, 'streamerId', 'streamer_id'),
    startDate: field(req, 'startDate', 'start_date'),
    endDate: field(req, 'endDate', 'end_date'),
    slotDuration: field(req, 'slotDuration', 'slot_duration'),
  })).map(presentGeneratedSlot), 200, AS_STREAMER_ID));
  return router;
}
