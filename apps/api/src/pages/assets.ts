// The application's one stylesheet and one script, served from /app/assets/ (no inline script or
// style: the Content-Security-Policy allows only these).

export const APP_CSS = `
:root { --ink: #1b1f24; --muted: #4a5562; --line: #d0d7de; --accent: #0b5cad; --bad: #a40e26; --ok: #116329; --live: #7a3e00; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); background: #f6f8fa; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .6rem 1.2rem; background: #fff; border-bottom: 1px solid var(--line); }
header .brand { font-weight: 700; color: var(--ink); text-decoration: none; }
header nav { display: flex; flex-wrap: wrap; gap: .8rem; }
header nav a { color: var(--accent); }
header nav a[aria-current="page"] { font-weight: 700; color: var(--ink); }
header .who { margin-left: auto; display: flex; gap: .6rem; align-items: center; }
.mode { padding: .1rem .5rem; border-radius: 1rem; font-weight: 600; }
.mode-test { background: #ddf4ff; color: #0a3069; }
.mode-live { background: #fff1e5; color: var(--live); }
main { max-width: 72rem; margin: 1.2rem auto; padding: 0 1.2rem; }
h1 { font-size: 1.5rem; margin: .2rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 .6rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
form.inline { display: inline; }
label { display: block; margin: .5rem 0 .2rem; font-weight: 600; }
input, select { font: inherit; padding: .35rem .5rem; border: 1px solid #6e7781; border-radius: .3rem; max-width: 100%; }
button { font: inherit; padding: .35rem .8rem; border-radius: .3rem; border: 1px solid #1f2328; background: #fff; color: var(--ink); cursor: pointer; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { color: var(--bad); border-color: var(--bad); }
.panel { background: #fff; border: 1px solid var(--line); border-radius: .4rem; padding: 1rem; margin: 1rem 0; }
.notice { border-left: 4px solid var(--ok); }
.error { border-left: 4px solid var(--bad); }
.secret { font-family: ui-monospace, monospace; word-break: break-all; background: #f6f8fa; padding: .3rem .5rem; }
.narrow { max-width: 26rem; margin: 3rem auto; }
.muted { color: var(--muted); }
code { font-family: ui-monospace, monospace; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export const APP_JS = `
// Copy buttons: data-copy names the element whose text is copied.
for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", async () => {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    await navigator.clipboard.writeText(source.textContent.trim());
    button.textContent = "Copied";
  });
}
// Emailed links carry their token after '#', which browsers never send: it is moved into the form.
for (const input of document.querySelectorAll("input[data-fragment-token]")) {
  input.value = location.hash.slice(1);
}
// An import in progress reloads its page until it is done.
const progress = document.querySelector("[data-refresh-seconds]");
if (progress) setTimeout(() => location.reload(), Number(progress.dataset.refreshSeconds) * 1000);
// Forms asking to confirm a destructive action.
for (const form of document.querySelectorAll("form[data-confirm]")) {
  form.addEventListener("submit", (event) => {
    if (!confirm(form.dataset.confirm)) event.preventDefault();
  });
}
`;
