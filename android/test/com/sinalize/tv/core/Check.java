package com.sinalize.tv.core;

/** Assertions for the tests (no JUnit on this machine). */
final class Check {
    private Check() {}

    static void equal(Object expected, Object actual) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            throw new AssertionError("expected <" + expected + "> but was <" + actual + ">");
        }
    }

    static void isTrue(boolean value, String what) {
        if (!value) throw new AssertionError(what);
    }

    /** The address is refused, with a message containing {@code fragment}. */
    static void refused(String input, String fragment) {
        try {
            String got = ServerAddress.normalize(input);
            throw new AssertionError("accepted \"" + input + "\" as " + got);
        } catch (ServerAddress.Invalid e) {
            if (!e.getMessage().contains(fragment))
                throw new AssertionError("message \"" + e.getMessage() + "\" lacks \"" + fragment + "\"");
        }
    }

    static String normalized(String input) {
        try {
            return ServerAddress.normalize(input);
        } catch (ServerAddress.Invalid e) {
            throw new AssertionError("refused \"" + input + "\": " + e.getMessage());
        }
    }
}
