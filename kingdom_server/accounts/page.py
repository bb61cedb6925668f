"""The server-rendered sign-in page (`GET /api/login`): sign in or create an account, in the
app's look, working without JavaScript (plain form posts).

Its look is a stylesheet of its own origin (`GET /api/login.css`, `STYLE`): the server's
Content-Security-Policy (`style-src 'self'`, kingdom_server/http.py) allows no inline style."""

from __future__ import annotations

from html import escape

STYLE = """
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:radial-gradient(circle at 50% 20%,#1d4a32,#0f1a14 70%);color:#f3efe2;
font:16px system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:24px}
main{width:100%;max-width:420px}
h1{font-family:Georgia,'Times New Roman',serif;color:#e2b43c;text-align:center;margin:0 0 4px;
font-size:40px;letter-spacing:1px}
.tag{text-align:center;color:#b6bfa9;margin:0 0 24px}
section{background:#18241d;border:1px solid #35503f;border-radius:16px;padding:20px 22px;
margin-bottom:16px;box-shadow:0 8px 24px rgba(0,0,0,.35)}
h2{font-family:Georgia,'Times New Roman',serif;font-size:22px;margin:0 0 14px}
label{display:block;font-size:14px;color:#b6bfa9;margin:10px 0 4px}
input{width:100%;padding:10px 12px;border-radius:10px;border:1px solid #35503f;
background:#0f1a14;color:#f3efe2;font-size:16px}
input:focus{outline:2px solid #ffd866;outline-offset:1px}
button{margin-top:16px;width:100%;padding:11px;border:0;border-radius:10px;font-size:16px;
font-weight:600;cursor:pointer;background:#e2b43c;color:#1b1b1f}
button:hover{background:#f0c552}
.secondary{background:#213229;color:#f3efe2;border:1px solid #35503f}
.secondary:hover{background:#2b4034}
.error{background:rgba(217,67,79,.15);border:1px solid #d9434f;color:#ffd5d8;border-radius:10px;
padding:10px 12px;margin:0 0 16px}
.hint{font-size:13px;color:#b6bfa9;margin:6px 0 0}
.row{display:flex;gap:10px}.row>div{flex:1}
a{color:#e2b43c}.back{display:block;text-align:center;margin-top:8px}
details summary{cursor:pointer;color:#b6bfa9;font-size:14px;margin-top:12px}
"""


def login_page(
    *,
    next_url: str,
    error: str | None = None,
    form: str = "login",
    username: str = "",
) -> str:
    """The whole page. `form` says which form the error belongs to (login or register)."""
    nxt = escape(next_url, quote=True)
    name = escape(username, quote=True)
    shown = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    login_error = shown if form == "login" else ""
    register_error = shown if form == "register" else ""
    login_name = name if form == "login" else ""
    register_name = name if form == "register" else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign In · Kingdom</title><link rel="stylesheet" href="/api/login.css"></head>
<body><main>
<h1>Kingdom</h1><p class="tag">Sign in to keep your statistics, play Ranked and build decks.</p>
<section aria-labelledby="signin">
<h2 id="signin">Sign In</h2>{login_error}
<form method="post" action="/api/login">
<input type="hidden" name="next" value="{nxt}">
<label for="login-username">Username</label>
<input id="login-username" name="username" autocomplete="username" required maxlength="24"
 value="{login_name}"{" autofocus" if form == "login" else ""}>
<label for="login-password">Password</label>
<input id="login-password" name="password" type="password" autocomplete="current-password"
 required maxlength="128">
<button type="submit">Sign In</button>
</form></section>
<section aria-labelledby="create">
<h2 id="create">Create Account</h2>{register_error}
<form method="post" action="/api/register">
<input type="hidden" name="next" value="{nxt}">
<label for="register-username">Username</label>
<input id="register-username" name="username" autocomplete="username" required minlength="3"
 maxlength="24" pattern="[A-Za-z0-9_\\-]{{3,24}}" value="{register_name}"
 {"autofocus" if form == "register" else ""}>
<p class="hint">3 to 24 characters: letters, digits, _ and -</p>
<label for="register-password">Password</label>
<input id="register-password" name="password" type="password" autocomplete="new-password"
 required minlength="8" maxlength="128">
<p class="hint">At least 8 characters.</p>
<details><summary>Optional: name and email</summary>
<div class="row"><div><label for="register-first">First name</label>
<input id="register-first" name="firstName" autocomplete="given-name" maxlength="50"></div>
<div><label for="register-last">Last name</label>
<input id="register-last" name="lastName" autocomplete="family-name" maxlength="50"></div></div>
<label for="register-email">Email</label>
<input id="register-email" name="email" type="email" autocomplete="email" maxlength="254">
</details>
<button type="submit" class="secondary">Create Account</button>
</form></section>
<a class="back" href="/">Back to the game</a>
</main></body></html>"""
