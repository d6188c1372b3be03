/** A calendar feed's window: what a calendar app needs to show the recent past and plan ahead. */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 365;
