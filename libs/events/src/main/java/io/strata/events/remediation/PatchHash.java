package io.strata.events.remediation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 (hex) of a {@link RemediationAction#patch()} text, as shown with a proposal (the
 * Slack button's value, the console's approval card, the CLI's approve) and presented back with its
 * approval as {@code patch_sha256}: the remediator refuses an approval whose hash is not that of
 * the proposal's current patch (PATCH_CHANGED). No patch hashes as the empty text. Here, in the
 * contract library, because the remediator, the console and the CLI must compute it alike.
 */
public final class PatchHash {

  private PatchHash() {}

  public static String of(String patch) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((patch == null ? "" : patch).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  /** Whether {@code shown} is the hash of {@code patch}, ignoring case and surrounding blanks. */
  public static boolean matches(String patch, String shown) {
    return shown != null && of(patch).equalsIgnoreCase(shown.strip());
  }
}
