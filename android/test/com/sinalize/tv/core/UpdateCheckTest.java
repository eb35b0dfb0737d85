package com.sinalize.tv.core;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

public final class UpdateCheckTest {
    // sha256("abc"), a known vector.
    static final String ABC_SHA = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    static UpdateCheck.Offer offer(Long code) {
        return new UpdateCheck.Offer(code, "0.1.0+" + code, ABC_SHA, 3L, "/api/app/download");
    }

    static File fileWith(String text) throws IOException {
        File file = File.createTempFile("sinalize-update", ".apk");
        file.deleteOnExit();
        try (OutputStream out = new FileOutputStream(file)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    public static void testANewerBuildIsAnUpdate() {
        Check.equal(UpdateCheck.Decision.UPDATE, UpdateCheck.decide(280, offer(281L)));
        Check.equal(UpdateCheck.Decision.UPDATE, UpdateCheck.decide(12, offer(280L)));
    }

    public static void testTheSameBuildIsUpToDate() {
        Check.equal(UpdateCheck.Decision.UP_TO_DATE, UpdateCheck.decide(280, offer(280L)));
    }

    public static void testAnOlderBuildIsNeverInstalled() {
        Check.equal(UpdateCheck.Decision.OLDER_ON_SERVER, UpdateCheck.decide(281, offer(280L)));
    }

    public static void testNoVersionOnTheServerIsNoUpdate() {
        Check.equal(UpdateCheck.Decision.NO_VERSION, UpdateCheck.decide(280, offer(null)));
        Check.equal(UpdateCheck.Decision.NO_VERSION, UpdateCheck.decide(280, offer(0L)));
    }

    public static void testAnAnswerMissingItsHashSizeOrAddressIsInvalid() {
        Check.equal(UpdateCheck.Decision.INVALID, UpdateCheck.decide(280, null));
        Check.equal(UpdateCheck.Decision.INVALID,
                UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", null, 3L, "/api/app/download")));
        Check.equal(UpdateCheck.Decision.INVALID,
                UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", "abc", 3L, "/api/app/download")));
        Check.equal(UpdateCheck.Decision.INVALID,
                UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", ABC_SHA, null, "/api/app/download")));
        Check.equal(UpdateCheck.Decision.INVALID,
                UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", ABC_SHA, 0L, "/api/app/download")));
        Check.equal(UpdateCheck.Decision.INVALID, UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", ABC_SHA, 3L, null)));
        Check.equal(UpdateCheck.Decision.INVALID, UpdateCheck.decide(280, new UpdateCheck.Offer(281L, "x", ABC_SHA, 3L, "")));
    }

    public static void testAnUppercaseHashIsTheSameHash() {
        UpdateCheck.Offer upper = new UpdateCheck.Offer(281L, "x", ABC_SHA.toUpperCase(), 3L, "/api/app/download");
        Check.equal(UpdateCheck.Decision.UPDATE, UpdateCheck.decide(280, upper));
    }

    public static void testAMatchingFileIsAcceptedAndKept() throws IOException {
        File file = fileWith("abc");
        Check.equal(ABC_SHA, UpdateCheck.sha256Of(file));
        Check.isTrue(UpdateCheck.accept(file, offer(281L)), "the right file is accepted");
        Check.isTrue(file.isFile(), "an accepted file stays for the installer");
    }

    public static void testAHashMismatchIsRefusedAndDeleted() throws IOException {
        File file = fileWith("abd"); // same size, other bytes
        Check.isTrue(!UpdateCheck.accept(file, offer(281L)), "a file with another hash is refused");
        Check.isTrue(!file.exists(), "a refused file is deleted");
    }

    public static void testASizeMismatchIsRefused() throws IOException {
        File file = fileWith("abc");
        UpdateCheck.Offer bigger = new UpdateCheck.Offer(281L, "x", ABC_SHA, 4L, "/api/app/download");
        Check.isTrue(!UpdateCheck.accept(file, bigger), "a file of another size is refused");
        Check.isTrue(!file.exists(), "a refused file is deleted");
    }

    public static void testAMissingFileOrOfferIsRefused() throws IOException {
        File gone = fileWith("abc");
        gone.delete();
        Check.isTrue(!UpdateCheck.accept(gone, offer(281L)), "no file, no install");
        File file = fileWith("abc");
        Check.isTrue(!UpdateCheck.accept(file, null), "no offer, no install");
        Check.isTrue(!UpdateCheck.accept(fileWith("abc"), new UpdateCheck.Offer(281L, "x", null, 3L, "/u")), "no hash, no install");
    }

    public static void testReadsTheTokenOutOfTheScriptResult() {
        String token = "AbC_def-1234567890abcdefghijklmnopqrstuvwxy";
        Check.equal(token, UpdateCheck.tokenFromJs("\"" + token + "\""));
        Check.equal(null, UpdateCheck.tokenFromJs("null"));
        Check.equal(null, UpdateCheck.tokenFromJs(null));
        Check.equal(null, UpdateCheck.tokenFromJs("\"\""));
        Check.equal(null, UpdateCheck.tokenFromJs("\"a\\\"b-but-long-enough-here\""));
    }

    public static void testStatusForThePlayer() {
        Check.equal("null", UpdateCheck.statusJson(null, null));
        Check.equal("{\"versionCode\":281,\"versionName\":\"0.1.0+281\",\"state\":\"downloading\"}",
                UpdateCheck.statusJson(offer(281L), "downloading"));
        Check.equal("{\"versionCode\":2,\"versionName\":\"a\\\"b\",\"state\":\"failed\"}",
                UpdateCheck.statusJson(new UpdateCheck.Offer(2L, "a\"b", ABC_SHA, 3L, "/u"), "failed"));
    }

    public static void testOneFileNamePerVersion() {
        Check.equal("sinalize-tv-281.apk", UpdateCheck.fileName(offer(281L)));
    }
}
