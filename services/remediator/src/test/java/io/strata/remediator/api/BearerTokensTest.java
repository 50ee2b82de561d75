package io.strata.remediator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BearerTokensTest {

  private final BearerTokens tokens =
      new BearerTokens(
          Map.of("console", "console-token-0123456789", "cli", "cli-token-abcdefghijk"));

  @Test
  void aKnownTokenNamesItsPrincipal() {
    assertThat(tokens.principal("Bearer console-token-0123456789")).contains("console");
    assertThat(tokens.principal("bearer cli-token-abcdefghijk")).contains("cli");
  }

  @Test
  void anythingElseIsAnonymous() {
    assertThat(tokens.principal(null)).isEmpty();
    assertThat(tokens.principal("Basic Y29uc29sZQ==")).isEmpty();
    assertThat(tokens.principal("Bearer console-token-012345678")).isEmpty();
    assertThat(tokens.principal("Bearer ")).isEmpty();
  }

  @Test
  void shortTokensAreRefusedAtStartup() {
    assertThatThrownBy(() -> new BearerTokens(Map.of("x", "short")))
        .hasMessageContaining("strata.remediator.api.tokens.x");
  }
}
