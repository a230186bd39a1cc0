/**
 * Time controls in words and in numbers. KIF says them in words, 持ち時間：各15分 with 秒読み：30秒
 * on a line of its own; CSA in numbers, V2.2's `$TIME_LIMIT:00:15+30` (hours:minutes, then the
 * byoyomi in seconds) and V3.0's `$TIME:900+30+0` (seconds, byoyomi, increment). A record holds
 * KIF's words, so that CSA alone translates: its reader and writer use these.
 */

export interface TimeControl {
  /** Each player's time, in seconds. */
  time: number;
  /** Seconds a move may take once the time is spent. */
  byoyomi: number;
  /** Seconds added after each move (Fischer). */
  increment: number;
}

const DURATION = '((?:\\d+時間)?(?:\\d+分)?(?:\\d+秒)?)';
/** 各15分, 2時間30分, 10分切れ負け; the byoyomi as 10分+30秒 or 10分秒読み30秒; an increment as
 * 10分+10秒加算 or 10分加算10秒. */
const WORDS = new RegExp(`^各?${DURATION}(?:切れ負け|\\+?秒読み${DURATION}|\\+${DURATION}|\\+?加算${DURATION}|\\+${DURATION}加算)?$`);
const TIME_LIMIT = /^(\d+):(\d\d)\+(\d+)$/;
const NUMBER = '(\\d+(?:\\.\\d+)?)';
const TIME = new RegExp(`^${NUMBER}\\+${NUMBER}\\+${NUMBER}$`);

/** The seconds of 1時間30分, 1分 or 30秒; undefined for anything else, nothing included. */
function seconds(duration: string | undefined): number | undefined {
  const m = /^(?:(\d+)時間)?(?:(\d+)分)?(?:(\d+)秒)?$/.exec(duration ?? '');
  if (!duration || !m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Full-width digits and signs as ASCII and no spaces: ２時間　３０分 reads as 2時間30分. */
const plain = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/** A time control in KIF's words or in either CSA form; undefined when it is none of those. */
function readOne(text: string): TimeControl | undefined {
  const t = plain(text);
  const limit = TIME_LIMIT.exec(t);
  if (limit) return { time: Number(limit[1]) * 3600 + Number(limit[2]) * 60, byoyomi: Number(limit[3]), increment: 0 };
  const numbers = TIME.exec(t);
  if (numbers) return { time: Number(numbers[1]), byoyomi: Number(numbers[2]), increment: Number(numbers[3]) };
  const words = WORDS.exec(t);
  const time = seconds(words?.[1]);
  if (!words || time === undefined) return undefined;
  // A part that is there must say a duration: 10分+ or 10分秒読み is not a time control.
  const byoyomi = words[2] ?? words[3], increment = words[4] ?? words[5];
  const parts = [byoyomi, increment].map((part) => (part === undefined ? 0 : seconds(part)));
  if (parts[0] === undefined || parts[1] === undefined) return undefined;
  return { time, byoyomi: parts[0], increment: parts[1] };
}

/**
 * The time control that a 持ち時間 and a separate 秒読み say (either may be missing, not both);
 * undefined when one of them is not a time control, or when both give a byoyomi and they differ.
 */
export function readTimeControl(time: string | undefined, byoyomi?: string): TimeControl | undefined {
  const control = time === undefined ? { time: 0, byoyomi: 0, increment: 0 } : readOne(time);
  if (byoyomi === undefined || !control) return control;
  const more = seconds(plain(byoyomi));
  if (more === undefined || (control.byoyomi !== 0 && control.byoyomi !== more)) return undefined;
  return { ...control, byoyomi: more };
}

export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** V2.2's `00:15+30`, or undefined when it cannot say the time control: an increment, or a time
 * that is not whole minutes. */
export function csaTimeLimit({ time, byoyomi, increment }: TimeControl): string | undefined {
  if (increment !== 0 || time % 60 !== 0 || !Number.isInteger(byoyomi)) return undefined;
  return `${twoDigits(Math.floor(time / 3600))}:${twoDigits((time / 60) % 60)}+${twoDigits(byoyomi)}`;
}

/** V3.0's `900+30+0`. */
export function csaTime({ time, byoyomi, increment }: TimeControl): string {
  return `${time}+${byoyomi}+${increment}`;
}

function durationWords(total: number): string {
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
  return (h ? `${h}時間` : '') + (m ? `${m}分` : '') + (s || total === 0 ? `${s}秒` : '');
}

/**
 * KIF's words: 持ち時間 (各15分, 各10分+10秒加算), left out when there is only a byoyomi, and
 * 秒読み (30秒, 1分) when there is one; undefined when a number is not whole seconds.
 */
export function timeControlWords(control: TimeControl): { time?: string; byoyomi?: string } | undefined {
  const { time, byoyomi, increment } = control;
  if (![time, byoyomi, increment].every(Number.isInteger)) return undefined;
  const onlyByoyomi = time === 0 && increment === 0 && byoyomi > 0;
  return {
    ...(onlyByoyomi ? {} : { time: `各${durationWords(time)}${increment ? `+${durationWords(increment)}加算` : ''}` }),
    ...(byoyomi ? { byoyomi: durationWords(byoyomi) } : {}),
  };
}
