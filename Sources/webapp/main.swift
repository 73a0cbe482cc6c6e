import WebRouter
print("webapp \(WebRouterInfo.version)")
