package io.strata.events.remediation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The hash every approval channel computes alike; digests from `printf %s TEXT | sha256sum`. */
class PatchHashTest {

  @Test
  void noPatchHashesAsTheEmptyText() {
    assertThat(PatchHash.of(null))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        .isEqualTo(PatchHash.of(""));
  }

  @Test
  void aCordonPatchHashesToItsSha256AndMatchesIgnoringCaseAndBlanks() {
    String patch = "{\"spec\":{\"unschedulable\":true}}";
    String hex = PatchHash.of(patch);

    assertThat(hex).isEqualTo(EXPECTED_CORDON);
    assertThat(PatchHash.matches(patch, " " + hex.toUpperCase(java.util.Locale.ROOT) + "\n"))
        .isTrue();
    assertThat(PatchHash.matches("{\"spec\":{\"unschedulable\":false}}", hex)).isFalse();
    assertThat(PatchHash.matches(patch, null)).isFalse();
  }

  private static final String EXPECTED_CORDON =
      "a3b3c1e7cbdcba4ca8e97e793e4a275742ac556007774ff659eba1ad2769f08f";
}
