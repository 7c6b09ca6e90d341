"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("notices/", include("notices.urls")),
    path("api/v1/", include("campaign.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("campaign.urls")),
]

# Under /api/ every answer, even one Django gives before a view, is in the API's JSON shape.
handler400 = "campaign.api.exceptions.bad_request"
handler404 = "campaign.api.exceptions.not_found"
handler500 = "campaign.api.exceptions.server_error"
