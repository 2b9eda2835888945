/**
 * One side of the 1:1 WebRTC connection. The host makes the offer once it admits the patient; the
 * patient answers. Candidates that arrive before the remote description wait for it.
 */
import type { CallSignal, CallSignalInput, IceServer } from '../../../contract/conferences-call';

export interface PeerEvents {
  send(signal: CallSignalInput): Promise<void>;
  onRemoteStream(stream: MediaStream): void;
  onConnectionState(state: RTCPeerConnectionState): void;
}

export class CallPeer {
  private readonly connection: RTCPeerConnection;
  private readonly early: RTCIceCandidateInit[] = [];
  private closed = false;

  constructor(
    iceServers: readonly IceServer[],
    local: MediaStream,
    private readonly events: PeerEvents,
  ) {
    this.connection = new RTCPeerConnection({ iceServers: [...iceServers] });
    for (const track of local.getTracks()) this.connection.addTrack(track, local);
    this.connection.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate || this.closed) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      void events
        .send({
          kind: 'candidate',
          candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
        })
        .catch(() => undefined);
    };
    this.connection.ontrack = ({ streams, track }) =>
      events.onRemoteStream(streams[0] ?? new MediaStream([track]));
    this.connection.onconnectionstatechange = () => events.onConnectionState(this.connection.connectionState);
  }

  /** Whether an offer was already applied: a new offer then means a new connection. */
  get answered(): boolean {
    return this.connection.remoteDescription !== null;
  }

  async offer(): Promise<void> {
    const offer = await this.connection.createOffer();
    await this.connection.setLocalDescription(offer);
    await this.events.send({ kind: 'offer', sdp: offer.sdp ?? '' });
  }

  async handle(signal: CallSignal): Promise<void> {
    if (this.closed) return;
    switch (signal.kind) {
      case 'offer': {
        await this.connection.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        await this.flushEarly();
        const answer = await this.connection.createAnswer();
        await this.connection.setLocalDescription(answer);
        await this.events.send({ kind: 'answer', sdp: answer.sdp ?? '' });
        return;
      }
      case 'answer':
        await this.connection.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await this.flushEarly();
        return;
      case 'candidate':
        if (this.connection.remoteDescription) await this.connection.addIceCandidate(signal.candidate);
        else this.early.push(signal.candidate);
        return;
      case 'bye':
        this.close();
    }
  }

  private async flushEarly(): Promise<void> {
    for (const candidate of this.early.splice(0)) await this.connection.addIceCandidate(candidate);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.connection.close();
  }
}
