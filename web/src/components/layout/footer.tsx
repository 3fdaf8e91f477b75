export function Footer() {
  return (
    <footer className="border-t px-4 py-4 text-center text-sm text-muted-foreground md:px-6">
      © {new Date().getFullYear()} Verbatim. All rights reserved.
    </footer>
  );
}
