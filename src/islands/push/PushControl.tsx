import { useEffect, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import { pushKey, subscribePush, unsubscribePush } from '../../lib/push/store.ts';
import { applicationServerKey, pushStateOf, PUSH_SERVICE_WORKER, type PushState } from '../../lib/push/rules.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/**
 * "Turn on notifications" for this browser. Nothing is asked on page load: the browser's permission
 * prompt only follows a click; the subscription then goes to the server through the push-token call.
 */
export const PushControl = withTexts(PushControlIsland, ['apiErrors', 'push']);

function PushControlIsland({ lang }: { lang: Lang }) {
  return <Control lang={lang} />;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function Control({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) {
      setState('unsupported');
      return;
    }
    // A subscription this browser already has is stored again for whoever is signed in now (the
    // server stops pushing to a session once it ends); no permission is asked here.
    const off = () => setState(pushStateOf({ supported: true, permission: Notification.permission, subscribed: false }));
    void currentSubscription()
      .then(async (subscription) => {
        if (!subscription || Notification.permission !== 'granted') return off();
        await subscribePush(subscription.toJSON(), lang);
        setState('on');
      })
      .catch(off);
  }, [lang]);

  const failed = (cause: unknown) => {
    const code = (cause as { code?: unknown } | null)?.code;
    setError(typeof code === 'string' ? t(`apiErrors.${code}`, { defaultValue: t('push.control.failed') }) : t('push.control.failed'));
  };

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(pushStateOf({ supported: true, permission, subscribed: false }));
        return;
      }
      const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER, { scope: '/' });
      await navigator.serviceWorker.ready;
      const key = await pushKey();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) }));
      await subscribePush(subscription.toJSON(), lang);
      setState('on');
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setError(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribePush(subscription.endpoint).catch((cause: { status?: number }) => {
          if (cause?.status !== 404) throw cause;
        });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <section className="card bg-base-100 border-base-300 mb-4 border p-4" aria-labelledby="push-heading" data-testid="push-control" data-state={state}>
      <h2 id="push-heading" className="font-semibold">
        {t('push.control.heading')}
      </h2>
      <p className="text-base-content/70 mt-1 text-sm">
        {state === 'on' ? t('push.control.onText') : state === 'denied' ? t('push.control.denied') : state === 'unsupported' ? t('push.control.unsupported') : t('push.control.offText')}
      </p>
      {error && (
        <p role="alert" className="text-error mt-2 text-sm">
          {error}
        </p>
      )}
      {state === 'off' && (
        <button type="button" className="btn btn-primary btn-sm mt-3 self-start" disabled={busy} onClick={() => void turnOn()}>
          {busy ? t('push.control.working') : t('push.control.turnOn')}
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="btn btn-outline btn-sm mt-3 self-start" disabled={busy} onClick={() => void turnOff()}>
          {busy ? t('push.control.working') : t('push.control.turnOff')}
        </button>
      )}
    </section>
  );
}
