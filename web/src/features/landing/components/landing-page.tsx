import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import {
  CalendarIcon,
  ClockIcon,
  DownloadIcon,
  FileTextIcon,
  SparklesIcon,
  UploadIcon,
  UserIcon,
  WifiOffIcon,
} from "@/components/layout/icons";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { usePlans } from "@/entities/subscription/plans";
import { formatNumber } from "@/lib/format";
import { useStats } from "../api/stats-api";
import { FAQ, FEATURES, INPUT_FORMATS, STEPS, TESTIMONIALS } from "../lib/content";

const FEATURE_ICONS = {
  text: FileTextIcon,
  clock: ClockIcon,
  upload: UploadIcon,
  download: DownloadIcon,
  user: UserIcon,
  sparkles: SparklesIcon,
  offline: WifiOffIcon,
  calendar: CalendarIcon,
} as const;

/** / for visitors and /home: hero with the hours counter (GET /api/stats), features, how it works, testimonials, FAQ. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
      <Testimonials />
      <Faq />
      <FinalCta />
    </>
  );
}

function Hero() {
  const t = useTranslations("landing.hero");
  const { freeSummary } = usePlans();
  const hours = useStats().data?.hoursTranscribed ?? 0;
  const shown = hours > 0;
  return (
    <section aria-labelledby="hero-heading" className="border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center md:px-6 md:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
          <SparklesIcon className="size-3.5 text-primary" />
          {t("badge", { summary: freeSummary })}
        </p>
        <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-balance md:text-6xl">
          {t("title")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-balance">{t("subtitle")}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 md:flex-row">
          <Link to="/pricing" className={buttonVariants({ size: "lg" })}>
            {t("start")}
          </Link>
          <a href="#how-it-works" className={buttonVariants({ size: "lg", variant: "outline" })}>
            {t("how")}
          </a>
        </div>
        {/* The server's real figure; nothing while it is unknown or still zero, never a made-up one. The box keeps
            its height either way, so the page does not shift when the figure arrives. Both lines are in the page
            while hidden: on the prerendered page, landing-island.ts fills in the figure and shows them. */}
        <div className="mt-14 min-h-18 md:min-h-20" data-hours-counter>
          <p
            className="text-4xl font-bold tracking-tight tabular-nums text-primary md:text-5xl"
            data-testid="hours-counter"
            hidden={!shown}
          >
            {shown ? formatNumber(hours) : ""}
          </p>
          <p className="mt-1 text-sm font-medium text-muted-foreground" hidden={!shown}>
            {t("hours")}
          </p>
        </div>
      </div>
    </section>
  );
}

function Features() {
  const t = useTranslations("landing");
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
          {t("featuresTitle")}
        </h2>
        <p className="mt-4 text-muted-foreground">{t("featuresSubtitle")}</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => {
          const Icon = FEATURE_ICONS[feature.icon];
          return (
            <li key={feature.key}>
              <Card className="h-full p-6">
                <span className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold">{t(`features.${feature.key}.title`)}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(`features.${feature.key}.body`)}</p>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-center text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{t("worksWith")} </span>
        {INPUT_FORMATS.join(", ")}
      </p>
    </section>
  );
}

function HowItWorks() {
  const t = useTranslations("landing");
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-4 border-y bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          {t("howTitle")}
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-lg border bg-card p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">{t("step", { n: i + 1 })} </span>
                {t(`steps.${step}.title`)}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Testimonials() {
  const t = useTranslations("landing");
  return (
    <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
        {t("testimonialsTitle")}
      </h2>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((key) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-lg border bg-card p-6">
              <blockquote className="flex-1 text-sm leading-relaxed">
                {t("quoted", { quote: t(`testimonials.${key}.quote`) })}
              </blockquote>
              <figcaption className="mt-4 text-sm font-medium text-muted-foreground">
                {t(`testimonials.${key}.role`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faq() {
  const t = useTranslations("landing");
  const { freeSummary } = usePlans();
  const formats = INPUT_FORMATS.slice(0, -1).join(", ");
  const last = INPUT_FORMATS[INPUT_FORMATS.length - 1] ?? "";
  return (
    <section aria-labelledby="faq-heading" className="border-t bg-muted/50">
      <div className="mx-auto max-w-3xl px-4 py-16 md:px-6 md:py-24">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          {t("faqTitle")}
        </h2>
        {/* <details> gives keyboard and screen-reader support for free, and works without JavaScript state. */}
        <div className="mt-10 divide-y rounded-lg border bg-card">
          {FAQ.map((key) => (
            <details key={key} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                {t(`faq.${key}.question`)}
                <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm text-muted-foreground">
                {t(`faq.${key}.answer`, { summary: freeSummary, formats, last })}
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

function FinalCta() {
  const t = useTranslations("landing.cta");
  const { freeSummary } = usePlans();
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-4xl px-4 py-16 text-center md:px-6 md:py-24">
      <h2 id="cta-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
        {t("title")}
      </h2>
      <p className="mt-4 text-muted-foreground">{t("body", { summary: freeSummary })}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 md:flex-row">
        <Link to="/pricing" className={buttonVariants({ size: "lg" })}>
          {t("pricing")}
        </Link>
        <Link to="/register" className={buttonVariants({ size: "lg", variant: "outline" })}>
          {t("register")}
        </Link>
      </div>
    </section>
  );
}
