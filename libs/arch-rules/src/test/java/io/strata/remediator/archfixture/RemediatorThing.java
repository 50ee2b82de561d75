package io.strata.remediator.archfixture;

/** Stands for any remediator class another service must not use. */
public final class RemediatorThing {
  public static int value() {
    return 1;
  }
}
