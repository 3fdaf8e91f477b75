import { Link } from "@tanstack/react-router";
import { FREE_PLAN_SUMMARY } from "@verbatim/shared/subscription";
import {
  CalendarIcon,
  ClockIcon,
  DownloadIcon,
  FileTextIcon,
  SparklesIcon,
  UploadIcon,
  UserIcon,
} from "@/components/layout/icons";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FAQ, FEATURES, HOURS_TRANSCRIBED, INPUT_FORMATS, STEPS, TESTIMONIALS } from "../lib/content";

const FEATURE_ICONS = {
  text: FileTextIcon,
  clock: ClockIcon,
  upload: UploadIcon,
  download: DownloadIcon,
  user: UserIcon,
  sparkles: SparklesIcon,
  team: UserIcon,
  calendar: CalendarIcon,
} as const;

/** / for visitors and /home: hero with the hours counter, features, how it works, testimonials, FAQ. */
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
  return (
    <section aria-labelledby="hero-heading" className="border-b bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center md:px-6 md:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
          <SparklesIcon className="size-3.5 text-primary" />
          {FREE_PLAN_SUMMARY} · no card needed
        </p>
        <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-balance md:text-6xl">
          Every meeting, transcribed word for word
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-balance">
          Upload a recording and get a transcript with a summary, key points and action items, in about 98 languages.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 md:flex-row">
          <Link to="/pricing" className={buttonVariants({ size: "lg" })}>
            Start transcribing free
          </Link>
          <a href="#how-it-works" className={buttonVariants({ size: "lg", variant: "outline" })}>
            See how it works
          </a>
        </div>
        <div className="mt-14">
          <p
            className="text-4xl font-bold tracking-tight tabular-nums text-primary md:text-5xl"
            data-testid="hours-counter"
          >
            {HOURS_TRANSCRIBED.toLocaleString("en-US")}
          </p>
          <p className="mt-1 text-sm font-medium text-muted-foreground">hours transcribed</p>
        </div>
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
          Everything you need from a recording
        </h2>
        <p className="mt-4 text-muted-foreground">From a single interview to a week of meetings.</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => {
          const Icon = FEATURE_ICONS[feature.icon];
          return (
            <li key={feature.title}>
              <Card className="h-full p-6">
                <span className="flex size-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold">{feature.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{feature.body}</p>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-center text-sm text-muted-foreground">
        <span className="font-medium text-foreground">Works with </span>
        {INPUT_FORMATS.join(", ")}
      </p>
    </section>
  );
}

function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-4 border-y bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          How it works
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-lg border bg-card p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
        What teams say
      </h2>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.role}>
            <figure className="flex h-full flex-col rounded-lg border bg-card p-6">
              <blockquote className="flex-1 text-sm leading-relaxed">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-medium text-muted-foreground">{t.role}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="border-t bg-muted/50">
      <div className="mx-auto max-w-3xl px-4 py-16 md:px-6 md:py-24">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          Frequently asked questions
        </h2>
        {/* <details> gives keyboard and screen-reader support for free, and works without JavaScript state. */}
        <div className="mt-10 divide-y rounded-lg border bg-card">
          {FAQ.map((item) => (
            <details key={item.question} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                {item.question}
                <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm text-muted-foreground">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

function FinalCta() {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-4xl px-4 py-16 text-center md:px-6 md:py-24">
      <h2 id="cta-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
        Stop taking notes. Start listening.
      </h2>
      <p className="mt-4 text-muted-foreground">{FREE_PLAN_SUMMARY}, no card needed.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 md:flex-row">
        <Link to="/pricing" className={buttonVariants({ size: "lg" })}>
          View pricing
        </Link>
        <Link to="/register" className={buttonVariants({ size: "lg", variant: "outline" })}>
          Create a free account
        </Link>
      </div>
    </section>
  );
}
