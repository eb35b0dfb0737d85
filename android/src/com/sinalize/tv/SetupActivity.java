package com.sinalize.tv;

import android.app.Activity;
import android.content.ActivityNotFoundException;
import android.content.Intent;
import android.net.Uri;
import android.os.Build;
import android.os.Bundle;
import android.provider.Settings;
import android.view.KeyEvent;
import android.view.View;
import android.view.inputmethod.EditorInfo;
import android.widget.Button;
import android.widget.EditText;
import android.widget.TextView;
import android.widget.Toast;
import com.sinalize.tv.core.ServerAddress;

/**
 * The first-run screen (and settings, opened from the player with MENU or BACK twice): the server
 * address, the overlay permission that lets the app open at boot on Android 10+, and the only way
 * out of the kiosk. Every control is reachable with the D-pad.
 */
public final class SetupActivity extends Activity {
    private EditText address;
    private TextView error;

    @Override
    protected void onCreate(Bundle state) {
        super.onCreate(state);
        Kiosk.apply(this);
        setContentView(R.layout.activity_setup);
        address = (EditText) findViewById(R.id.address);
        error = (TextView) findViewById(R.id.error);
        String saved = AppPrefs.server(this);
        if (saved != null) address.setText(saved);
        address.setSelection(address.getText().length());
        address.setOnEditorActionListener(new TextView.OnEditorActionListener() {
            @Override
            public boolean onEditorAction(TextView view, int action, KeyEvent event) {
                if (action == EditorInfo.IME_ACTION_DONE || action == EditorInfo.IME_ACTION_GO) {
                    save();
                    return true;
                }
                return false;
            }
        });
        findViewById(R.id.save).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View view) {
                save();
            }
        });
        findViewById(R.id.overlay).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View view) {
                askOverlay();
            }
        });
        findViewById(R.id.exit).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View view) {
                finishAffinity();
            }
        });
        String version = "?";
        try {
            version = getPackageManager().getPackageInfo(getPackageName(), 0).versionName;
        } catch (Exception e) {
            // shown as "?"
        }
        ((TextView) findViewById(R.id.version)).setText(getString(R.string.setup_version, version));
        address.requestFocus();
    }

    @Override
    protected void onResume() {
        super.onResume();
        Kiosk.apply(this);
        Button overlay = (Button) findViewById(R.id.overlay);
        TextView help = (TextView) findViewById(R.id.overlay_help);
        // Only Android 10 (API 29) and later block activity starts from the background.
        if (Build.VERSION.SDK_INT < 29) {
            overlay.setVisibility(View.GONE);
            help.setVisibility(View.GONE);
        } else if (Settings.canDrawOverlays(this)) {
            overlay.setVisibility(View.GONE);
            help.setText(R.string.setup_overlay_done);
        }
    }

    private void save() {
        try {
            AppPrefs.setServer(this, ServerAddress.normalize(address.getText().toString()));
        } catch (ServerAddress.Invalid invalid) {
            error.setText(invalid.getMessage());
            error.setVisibility(View.VISIBLE);
            address.requestFocus();
            return;
        }
        error.setVisibility(View.GONE);
        Intent player = new Intent(this, PlayerActivity.class);
        player.addFlags(Intent.FLAG_ACTIVITY_CLEAR_TOP);
        startActivity(player);
        finish();
    }

    private void askOverlay() {
        Intent exact = new Intent(Settings.ACTION_MANAGE_OVERLAY_PERMISSION, Uri.parse("package:" + getPackageName()));
        try {
            startActivity(exact);
        } catch (ActivityNotFoundException e) {
            try {
                startActivity(new Intent(Settings.ACTION_MANAGE_OVERLAY_PERMISSION));
            } catch (ActivityNotFoundException none) {
                // Many TV builds hide this screen: docs/android.md grants it with adb instead.
                Toast.makeText(this, R.string.player_overlay_missing, Toast.LENGTH_LONG).show();
            }
        }
    }

    @Override
    public void onBackPressed() {
        // Back to the player once there is a server; on the first run there is nowhere to go back to.
        if (AppPrefs.server(this) != null) super.onBackPressed();
    }
}
