package dev.bahi.generator;

public final class SampleWrapper {
  public static void main(String[] args) {}
}
