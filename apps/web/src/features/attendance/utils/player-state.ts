// Whether an embedded player is playing, read through the providers' own player APIs: the
// YouTube IFrame API (its script from youtube.com, loaded once) and the Vimeo Player API
// (@vimeo/player, loaded only when a Vimeo stream is on the page). Both talk to the iframe
// already on the page; neither replaces it.

export type StreamProvider = 'youtube' | 'vimeo';
type Listener = (playing: boolean) => void;

interface YouTubePlayerEvent {
  data: number;
}
interface YouTubeNamespace {
  Player: new (
    el: HTMLIFrameElement,
    opts: { events: { onStateChange: (e: YouTubePlayerEvent) => void } },
  ) => unknown;
}
declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** YT.PlayerState.PLAYING */
const YT_PLAYING = 1;
let youTubeApi: Promise<YouTubeNamespace> | null = null;

function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  youTubeApi ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement('script');
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = () => {
      youTubeApi = null;
      reject(new Error('No se pudo cargar el reproductor de YouTube'));
    };
    document.head.append(script);
  });
  return youTubeApi;
}

/** Calls `listener` whenever the player starts or stops playing; answers the unsubscribe. */
export function watchPlayerState(
  provider: StreamProvider,
  iframe: HTMLIFrameElement,
  listener: Listener,
): () => void {
  let active = true;
  const emit = (playing: boolean) => {
    if (active) listener(playing);
  };
  let cleanup = () => {};
  if (provider === 'youtube') {
    void loadYouTubeApi()
      .then((YT) => {
        if (!active) return;
        new YT.Player(iframe, { events: { onStateChange: (e) => emit(e.data === YT_PLAYING) } });
      })
      .catch(() => emit(false));
  } else {
    void import('@vimeo/player')
      .then(({ default: Player }) => {
        if (!active) return;
        const player = new Player(iframe);
        const on = () => emit(true);
        const off = () => emit(false);
        player.on('play', on);
        player.on('playing', on);
        player.on('pause', off);
        player.on('ended', off);
        cleanup = () => {
          player.off('play', on);
          player.off('playing', on);
          player.off('pause', off);
          player.off('ended', off);
        };
      })
      .catch(() => emit(false));
  }
  return () => {
    active = false;
    cleanup();
  };
}
