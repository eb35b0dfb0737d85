// Draws the Android TV app's launcher icon and TV banner (android/res/drawable-xhdpi) from the
// Sinalize mark, as PNG (every launcher reads PNG). Run once after changing the mark; the PNGs are
// committed, so the APK build needs no image tools: `node scripts/make-android-icons.mjs`.
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve('android/res/drawable-xhdpi');
const mark = `<rect x="2" y="5" width="28" height="18" rx="3" fill="#3b5bfd"/>
  <rect x="11" y="25" width="10" height="2" rx="1" fill="#a5b4fc"/>
  <path d="M13 10l7 4-7 4z" fill="#fff"/>`;

// Launcher icon: 96 px is the xhdpi size (48 dp).
const icon = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="#0f172a"/>${mark}</svg>`;

// Leanback banner: 320 × 180 px at xhdpi (160 × 90 dp), the mark and the name.
const banner = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
  <rect width="320" height="180" fill="#0f172a"/>
  <g transform="translate(24 50) scale(2.5)">${mark}</g>
  <text x="112" y="104" font-family="Liberation Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#f8fafc">Sinalize</text>
  <text x="114" y="132" font-family="Liberation Sans, Arial, sans-serif" font-size="20" fill="#a5b4fc">TV</text>
</svg>`;

const png = (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true });
await png(icon).toFile(path.join(out, 'ic_launcher.png'));
await png(banner).toFile(path.join(out, 'banner.png'));
console.log('android icons written to', out);
