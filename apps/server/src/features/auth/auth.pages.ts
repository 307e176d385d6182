/** The static login pages under the lab plugins path (§2: "a static page under a lab plugins path"). */
export const LAB_PLUGINS_PATH = '/lab/plugins/ai-covers';
export const LOGIN_CALLBACK_PATH = `${LAB_PLUGINS_PATH}/login-callback.html`;
export const LOGOUT_CALLBACK_PATH = `${LAB_PLUGINS_PATH}/logout-callback.html`;

// No visible words (a spinner only), so the pages need no translation; scripts are files because
// the CSP forbids inline script.
const page = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>AI Covers</title><style>body{margin:0;display:grid;place-items:center;height:100vh;background:#f6f5fb}i{width:28px;height:28px;border:3px solid #d9d3f5;border-top-color:#6d4aff;border-radius:50%;animation:s .8s linear infinite}@keyframes s{to{transform:rotate(1turn)}}</style><script src="${LAB_PLUGINS_PATH}/${script}" defer></script></head><body><i aria-busy="true"></i></body></html>`;

/** Reads `goto` out of a state without trusting it: only a same-origin URL is returned. */
const READ_GOTO = `function gotoOf(s){try{var p=JSON.parse(atob(String(s).split('.')[0].replace(/-/g,'+').replace(/_/g,'/')));var u=new URL(p.goto,location.href);if(u.origin===location.origin)return u.href;}catch(e){}return location.origin+'/';}`;

export const CALLBACK_FILES: Record<string, { type: string; body: string }> = {
  'login-callback.html': { type: 'text/html; charset=utf-8', body: page('login-callback.js') },
  'logout-callback.html': { type: 'text/html; charset=utf-8', body: page('logout-callback.js') },
  // In the login frame or popup: hand code and state to the app window (same origin only) and
  // close. A popup whose opener link was cut (a cross-origin provider under COOP) asks on a
  // BroadcastChannel whether an app window awaits this state; at top level (redirect login,
  // extension login) nobody answers, so it keeps them once for the app and goes back to goto.
  'login-callback.js': {
    type: 'text/javascript; charset=utf-8',
    body: [
      '(function(){',
      READ_GOTO,
      'var q=new URLSearchParams(location.search);',
      "var m={type:'ai-covers:login',code:q.get('code'),state:q.get('state'),iss:q.get('iss'),error:q.get('error'),error_description:q.get('error_description')};",
      "history.replaceState(null,'',location.pathname);",
      'var t=window.opener&&!window.opener.closed?window.opener:(window.parent!==window?window.parent:null);',
      'if(t){t.postMessage(m,location.origin);if(window.opener)window.close();return;}',
      'var done=false,ch=null;',
      "try{ch=new BroadcastChannel('ai-covers-login');ch.onmessage=function(e){if(e.data&&e.data.type==='ai-covers:login-ack'&&e.data.state===m.state){done=true;ch.close();window.close();}};ch.postMessage(m);}catch(e){}",
      'setTimeout(function(){if(done)return;if(ch)ch.close();',
      "try{localStorage.setItem('ai-covers.login_code',JSON.stringify({code:m.code,state:m.state,iss:m.iss,error:m.error,time:Date.now()}));}catch(e){}",
      'location.replace(gotoOf(m.state));},400);',
      '})();',
    ].join(''),
  },
  // After the provider's logout: back to the page the user signed out from (same origin only).
  'logout-callback.js': {
    type: 'text/javascript; charset=utf-8',
    body: `(function(){var s=new URLSearchParams(location.search).get('state');var g=location.origin+'/';try{var u=new URL(s,location.href);if(u.origin===location.origin)g=u.href;}catch(e){}location.replace(g);})();`,
  },
};
