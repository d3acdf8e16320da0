import { toast } from '../toast';
import { serverDetail } from './server-detail';

interface ToastMessages<T> {
  /** Success toast title, or a function of the result. */
  success: string | ((result: T) => string);
  successDetail?: (result: T) => string | undefined;
  /** Failure toast title; the server's message goes under it. */
  failure: string;
}

/** Runs one user action and toasts its outcome. Resolves to the result, or null when it failed. */
export async function withToasts<T>(run: () => Promise<T>, messages: ToastMessages<T>): Promise<T | null> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    toast.error(messages.failure, serverDetail(error));
    return null;
  }
  const title = typeof messages.success === 'function' ? messages.success(result) : messages.success;
  toast.success(title, messages.successDetail?.(result));
  return result;
}
