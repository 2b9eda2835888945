/**
 * The call page's state: setup, the waiting room and the connection. Signals are fetched after a cursor
 * whenever the live channel says `conferenceCall` (and every few seconds while in the call, in case the
 * channel is reconnecting); one fetch at a time, handled in order.
 */
import { HTTPError } from 'ky';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveTopic } from '../../../api/use-live-topic';
import type { CallSetup, CallState } from '../../../contract/conferences-call';
import * as calls from './api';
import { CallPeer } from './peer';

export type CallPhase = 'loading' | 'unavailable' | 'check' | 'joined' | 'left' | 'ended';

const POLL_MS = 5000;
/** A prepared beacon's DPoP proof is good for a minute: made again twice as often. */
const BEACON_REFRESH_MS = 30_000;

export interface CallControl {
  phase: CallPhase;
  setup: CallSetup | null;
  state: CallState | null;
  remote: MediaStream | null;
  connection: RTCPeerConnectionState | null;
  /** The last action failed (joining, admitting, hanging up): the page offers to try again. */
  failed: boolean;
  retryLoad(): void;
  join(): Promise<void>;
  admit(): Promise<void>;
  hangUp(): Promise<void>;
}

export function useCall(id: number, local: MediaStream | null): CallControl {
  const [phase, setPhase] = useState<CallPhase>('loading');
  const [setup, setSetup] = useState<CallSetup | null>(null);
  const [state, setState] = useState<CallState | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [connection, setConnection] = useState<RTCPeerConnectionState | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const cursor = useRef(0);
  const peer = useRef<CallPeer | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const joined = useRef(false);
  const latest = useRef({ setup, local });
  latest.current = { setup, local };

  const dropPeer = useCallback(() => {
    peer.current?.close();
    peer.current = null;
    setRemote(null);
    setConnection(null);
  }, []);

  const newPeer = useCallback((): CallPeer | null => {
    const { setup: current, local: stream } = latest.current;
    if (!current || !stream) return null;
    dropPeer();
    const created = new CallPeer(current.iceServers, stream, {
      send: (signal) => calls.sendSignal(id, signal),
      onRemoteStream: (remoteStream) => {
        if (peer.current === created) setRemote(remoteStream);
      },
      onConnectionState: (value) => {
        if (peer.current === created) setConnection(value);
      },
    });
    peer.current = created;
    return created;
  }, [id, dropPeer]);

  const applyState = useCallback(
    (next: CallState) => {
      setState(next);
      if (next.ended) {
        dropPeer();
        joined.current = false;
        setPhase('ended');
        return;
      }
      const role = latest.current.setup?.role;
      // The patient waits for the host's offer once admitted; sent back to wait, the old connection goes.
      if (role === 'patient' && next.patient === 'admitted' && !peer.current && joined.current) newPeer();
      if (next.patient !== 'admitted') dropPeer();
    },
    [dropPeer, newPeer],
  );

  const pull = useCallback(() => {
    queue.current = queue.current.then(async () => {
      if (!joined.current) return;
      try {
        for (;;) {
          const page = await calls.fetchSignals(id, cursor.current);
          applyState(page.state);
          for (const signal of page.signals) {
            cursor.current = signal.id;
            if (signal.kind === 'offer' && (!peer.current || peer.current.answered)) newPeer();
            await peer.current?.handle(signal).catch(() => undefined);
            if (signal.kind === 'bye') dropPeer();
          }
          if (!page.more) break;
        }
      } catch {
        // The next announcement or poll tries again.
      }
    });
  }, [id, applyState, newPeer, dropPeer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    let cancelled = false;
    setPhase('loading');
    calls.fetchCallSetup(id).then(
      (loaded) => {
        if (cancelled) return;
        cursor.current = loaded.cursor;
        setSetup(loaded);
        setState(loaded.state);
        setPhase(loaded.state.ended ? 'ended' : 'check');
      },
      () => {
        if (!cancelled) setPhase('unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);

  useLiveTopic(['conferenceCall'], pull);
  useEffect(() => {
    if (phase !== 'joined') return;
    const timer = setInterval(pull, POLL_MS);
    return () => clearInterval(timer);
  }, [phase, pull]);

  // Closing the tab (or reloading) leaves the call at once, by a beacon made ahead (see api.ts).
  useEffect(() => {
    if (phase !== 'joined') return;
    let send: (() => void) | null = null;
    const prepare = (): void =>
      void calls.prepareLeaveBeacon(id).then(
        (ready) => {
          send = ready;
        },
        () => undefined,
      );
    const onPageHide = (): void => {
      if (joined.current) send?.();
    };
    prepare();
    const timer = setInterval(prepare, BEACON_REFRESH_MS);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [phase, id]);

  // Leaving the page leaves the call: the patient's side says bye; the host's peer closes.
  useEffect(
    () => () => {
      peer.current?.close();
      if (joined.current && latest.current.setup?.role === 'patient')
        void calls.hangUp(id).catch(() => undefined);
    },
    [id],
  );

  const run = useCallback(async (action: () => Promise<void>) => {
    setFailed(false);
    try {
      await action();
    } catch (error) {
      setFailed(true);
      if (error instanceof HTTPError && error.response.status === 404) setPhase('unavailable');
    }
  }, []);

  const join = useCallback(
    () =>
      run(async () => {
        const next = await calls.joinCall(id);
        joined.current = true;
        setPhase('joined');
        applyState(next);
        pull();
      }),
    [id, run, applyState, pull],
  );

  const admit = useCallback(
    () =>
      run(async () => {
        applyState(await calls.admitPatient(id));
        await newPeer()?.offer();
      }),
    [id, run, applyState, newPeer],
  );

  const hangUp = useCallback(
    () =>
      run(async () => {
        const next = await calls.hangUp(id);
        joined.current = false;
        dropPeer();
        setState(next);
        setPhase(next.ended ? 'ended' : 'left');
      }),
    [id, run, dropPeer],
  );

  const retryLoad = useCallback(() => setAttempt((value) => value + 1), []);
  return { phase, setup, state, remote, connection, failed, retryLoad, join, admit, hangUp };
}
