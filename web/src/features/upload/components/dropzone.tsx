import { type DragEvent, useRef, useState } from "react";
import { UploadIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

interface DropzoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Drag-and-drop area with a button that opens the file picker (the keyboard path). */
export function Dropzone({ onFiles, disabled }: DropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // Dropping is a pointer gesture; the Browse button is the keyboard path to the same files.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    <div
      data-testid="dropzone"
      onDragEnter={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors md:p-10",
        over ? "border-primary bg-accent" : "border-input",
        disabled && "opacity-60",
      )}
    >
      <UploadIcon className="size-10 text-muted-foreground" />
      <p className="font-medium">Drag and drop audio or video files here</p>
      <p className="text-sm text-muted-foreground">or</p>
      <Button variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        Browse files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="audio/*,video/*"
        className="hidden"
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so choosing the same file again (after removing it) fires a change.
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <div className="space-y-1 text-xs text-muted-foreground">
        <p>
          Files up to 500MB are supported, and large files are processed in chunks. Recordings over 100MB, up to 5GB,
          upload in resumable parts that continue where they stopped.
        </p>
        <p>Audio: MP3, WAV, M4A, AAC, FLAC, OGG</p>
        <p>Video: MP4, WEBM, MOV, AVI</p>
        <p>Up to 50 files at once.</p>
      </div>
    </div>
  );
}
