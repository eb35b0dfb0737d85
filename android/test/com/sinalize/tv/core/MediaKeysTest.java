package com.sinalize.tv.core;

public final class MediaKeysTest {
    static final String SHA = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08";
    static final String sha = SHA.toLowerCase();

    public static void testReadsTheHashOfPlayerMediaUrls() {
        Check.equal(sha, MediaKeys.shaOf("http://10.0.0.2:3000/api/tv/media/123?exp=1&sig=x&sha256=" + SHA));
        Check.equal(sha, MediaKeys.shaOf("/api/tv/media/123?sha256=" + sha + "#t=1"));
    }

    public static void testReadsTheHashOfPdfPagesAndFeedPictures() {
        // A PDF's rendered page and a feed's picture are cached like files, under the manifest's hash.
        Check.equal(sha, MediaKeys.shaOf("http://10.0.0.2:3000/api/tv/media/42/pages/3?device=7&expires=9&signature=s&sha256=" + SHA));
        Check.equal(sha, MediaKeys.shaOf("/api/tv/media/42/pages/12?sha256=" + sha));
        Check.equal(sha, MediaKeys.shaOf("http://tv.example/api/tv/media/42/images/" + sha + "?device=7&sha256=" + sha));
        // The query's hash is the key (the one the player names in syncMedia), even beside another in the path.
        String other = "a" + sha.substring(1);
        Check.equal(sha, MediaKeys.shaOf("/api/tv/media/42/images/" + other + "?sha256=" + sha));
    }

    public static void testIgnoresOtherPathsUnderMedia() {
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/pages/3?device=7"));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/pages/x?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/pages/?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/images/cat.jpg?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/thumbnail?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/pages/3/x?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/abc/pages/3?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("/api/tv/media/42/?sha256=" + sha));
    }

    public static void testIgnoresEverythingElse() {
        Check.equal(null, MediaKeys.shaOf("http://10.0.0.2:3000/api/tv/media/abc?exp=1"));
        Check.equal(null, MediaKeys.shaOf("http://10.0.0.2:3000/assets/x.js?sha256=" + sha));
        Check.equal(null, MediaKeys.shaOf("http://10.0.0.2:3000/api/tv/media/abc?sha256=123"));
        Check.equal(null, MediaKeys.shaOf("http://10.0.0.2:3000/api/tv/media/abc"));
        Check.equal(null, MediaKeys.shaOf(null));
    }

    public static void testNamesFilesByHash() {
        Check.equal(sha, MediaKeys.fileName(SHA));
        Check.equal(sha + ".part", MediaKeys.partialName(sha));
        Check.equal(sha, MediaKeys.shaOfFileName(sha));
        Check.equal(sha, MediaKeys.shaOfFileName(sha + ".part"));
        Check.equal(null, MediaKeys.shaOfFileName("index.json"));
        Check.equal(null, MediaKeys.shaOfFileName(SHA));
    }

    public static void testRefusesToNameAnythingButAHash() {
        try {
            MediaKeys.fileName("../../etc/passwd");
            throw new AssertionError("named a path");
        } catch (IllegalArgumentException expected) {
            // a URL can never choose a file outside the cache folder
        }
    }
}
