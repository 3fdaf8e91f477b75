import { useState } from "react";
import { userMessage } from "@/lib/api";

/**
 * Sends a valid auth form: pending while the request runs, the server's message (or the fallback) when it fails.
 * On success there is nothing to do here: the auth gate leaves the page once the user is set.
 */
export function useAuthSubmit<T>(send: (input: T) => Promise<unknown>, fallbackMessage: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (input: T) => {
    setServerError(null);
    setPending(true);
    try {
      await send(input);
    } catch (error) {
      setServerError(userMessage(error, fallbackMessage));
    } finally {
      setPending(false);
    }
  };

  return { run, serverError, pending };
}
