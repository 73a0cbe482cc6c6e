-- A mix of what a signed-in visitor does: deep links, modals, searches, and a form POST
-- (the search filter's Apply, which answers 303). Cookies and the CSRF token come from
-- the environment (set by soak.sh after signing in).
local cookie = os.getenv("SOAK_COOKIE")
local token = os.getenv("SOAK_CSRF")
local paths = {
  "/feed", "/feed/tournament/5/match/12", "/feed/tournament/5/match/12/~share",
  "/search?q=a", "/search/~user/7/team/3", "/dashboard/league/2/tournament/5/match/12",
  "/messages", "/messages/~settings/change-password", "/feed/match/12?section=lineups",
}
local post = "_action=apply&_csrf=" .. token .. "&kind=teams"
local counter = 0

request = function()
  counter = counter + 1
  local headers = { ["Cookie"] = cookie }
  if counter % 10 == 0 then
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return wrk.format("POST", "/search/~filter?q=united", headers, post)
  end
  return wrk.format("GET", paths[(counter % #paths) + 1], headers)
end
