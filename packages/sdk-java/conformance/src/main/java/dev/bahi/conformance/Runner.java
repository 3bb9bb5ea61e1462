package dev.bahi.conformance;

/** Placeholder. */
public final class Runner {
  private Runner() {}
}
