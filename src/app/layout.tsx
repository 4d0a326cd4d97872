import type { ReactNode } from "react";

export const metadata = { title: "Kinora", description: "Open-source video platform" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
