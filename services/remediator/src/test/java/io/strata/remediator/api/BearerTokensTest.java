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

  @Test
  void rolesComeFromTheRoleMapElseTheDefault() {
    BearerTokens roles =
        new BearerTokens(
            Map.of("alice", "alice-token-0123456789", "bob", "bob-token-0123456789"),
            Map.of("alice", ApiRole.VIEWER),
            ApiRole.APPROVER);
    assertThat(roles.identify("Bearer alice-token-0123456789"))
        .contains(new ApiPrincipal("alice", ApiRole.VIEWER));
    assertThat(roles.identify("Bearer bob-token-0123456789"))
        .contains(new ApiPrincipal("bob", ApiRole.APPROVER));
  }

  @Test
  void tokensWithoutRolesKeepEveryRightTheyHadBeforeRoles() {
    assertThat(tokens.identify("Bearer console-token-0123456789"))
        .contains(new ApiPrincipal("console", ApiRole.OPERATOR));
  }

  @Test
  void aRoleForAnUnknownPrincipalIsRefusedAtStartup() {
    assertThatThrownBy(
            () ->
                new BearerTokens(
                    Map.of("alice", "alice-token-0123456789"),
                    Map.of("alcie", ApiRole.VIEWER),
                    ApiRole.OPERATOR))
        .hasMessageContaining("strata.remediator.api.roles.alcie");
  }

  @Test
  void rolesAreOrdered() {
    assertThat(ApiRole.OPERATOR.allows(ApiRole.APPROVER)).isTrue();
    assertThat(ApiRole.APPROVER.allows(ApiRole.APPROVER)).isTrue();
    assertThat(ApiRole.VIEWER.allows(ApiRole.APPROVER)).isFalse();
    assertThat(ApiRole.APPROVER.allows(ApiRole.OPERATOR)).isFalse();
  }
}
