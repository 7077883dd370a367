// Reads ticket QR codes for the door check-in: the phone's camera (qr-scanner, loaded only on
// this page), or a photo of the ticket when the camera is not available.
import { useEffect, useRef, useState } from 'react';
import { Camera, CameraOff, ImageUp } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';

import type QrScannerType from 'qr-scanner';

/** qr-scanner is loaded only when the door page first needs it. */
const loadScanner = (): Promise<typeof QrScannerType> => import('qr-scanner').then((m) => m.default);

export function TicketScanner({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!scanning || !video.current) return;
    let stopped = false;
    let scanner: { stop(): void; destroy(): void } | null = null;
    let last = { code: '', at: 0 };
    void loadScanner()
      .then(async (QrScanner) => {
        if (stopped || !video.current) return;
        const s = new QrScanner(
          video.current,
          (result) => {
            // The camera sees the same ticket many times a second: one read per ticket every few seconds.
            const now = Date.now();
            if (result.data === last.code && now - last.at < 4000) return;
            last = { code: result.data, at: now };
            onCodeRef.current(result.data);
          },
          { preferredCamera: 'environment', highlightScanRegion: true, maxScansPerSecond: 5 },
        );
        scanner = s;
        await s.start();
      })
      .catch(() => {
        if (stopped) return;
        setProblem('No se pudo usar la cámara. Revisa el permiso del navegador o sube una foto del boleto.');
        setScanning(false);
      });
    return () => {
      stopped = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, [scanning]);

  const readPhoto = async (file: File) => {
    setProblem(null);
    try {
      const QrScanner = await loadScanner();
      const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true });
      onCode(result.data);
    } catch {
      setProblem('No encontramos un código QR en la foto. Inténtalo con otra más nítida.');
    }
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={video}
          className={scanning ? 'aspect-square w-full object-cover sm:aspect-video' : 'hidden'}
          muted
          playsInline
          aria-label="Vista de la cámara"
        />
        {!scanning && (
          <p className="flex aspect-video items-center justify-center px-6 text-center text-sm text-slate-300">
            Enciende la cámara y apunta al código QR del boleto.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          disabled={disabled}
          variant={scanning ? 'secondary' : 'primary'}
          onClick={() => {
            setProblem(null);
            setScanning((s) => !s);
          }}
        >
          {scanning ? (
            <>
              <CameraOff aria-hidden="true" className="h-4 w-4" /> Apagar cámara
            </>
          ) : (
            <>
              <Camera aria-hidden="true" className="h-4 w-4" /> Escanear con la cámara
            </>
          )}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <ImageUp aria-hidden="true" className="h-4 w-4" /> Leer una foto del boleto
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Foto del boleto"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void readPhoto(file);
          }}
        />
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}
