import { type DragEvent, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { UploadIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

interface DropzoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Drag-and-drop area with a button that opens the file picker (the keyboard path). */
export function Dropzone({ onFiles, disabled }: DropzoneProps) {
  const t = useTranslations("upload.dropzone");
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
      <p className="font-medium">{t("title")}</p>
      <p className="text-sm text-muted-foreground">{t("or")}</p>
      <Button variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {t("browse")}
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
        <p>{t("limits")}</p>
        <p>{t("audio", { formats: "MP3, WAV, M4A, AAC, FLAC, OGG" })}</p>
        <p>{t("video", { formats: "MP4, WEBM, MOV, AVI" })}</p>
        <p>{t("batch", { max: 50 })}</p>
      </div>
    </div>
  );
}
